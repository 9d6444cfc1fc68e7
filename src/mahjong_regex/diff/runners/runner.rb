# mahjong-regex diff: a pattern in Ruby (Onigmo). Reads hex-encoded UTF-8 lines on stdin:
# the pattern, then batches of strings each ended by a line "."; answers "ok" (or
# "error MESSAGE") for the pattern, then one line of 0/1 per batch (Regexp.new(p).match?).
$stdout.sync = true
unhex = ->(h) { [h].pack('H*').force_encoding('UTF-8') }
re = nil
bits = +''
$stdin.each_line do |line|
  line = line.chomp
  if re.nil?
    begin
      re = Regexp.new(unhex.(line))
    rescue RegexpError, ArgumentError => e
      puts "error #{e.message.gsub(/\s+/, ' ')}"
      exit 0
    end
    puts 'ok'
  elsif line == '.'
    puts bits
    bits = +''
  else
    bits << (re.match?(unhex.(line)) ? '1' : '0')
  end
end
