package main
import ("bufio"; "fmt"; "os"; m "example.com/r")
func main(){ s := bufio.NewScanner(os.Stdin); s.Buffer(make([]byte, 1<<20), 1<<20)
 for s.Scan() { fmt.Println(m.IsRiichiWinningHand(s.Text())) } }
