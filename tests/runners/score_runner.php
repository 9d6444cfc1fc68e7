<?php
// The scoring runner for PHP's PCRE2 (preg_match): which named groups of a pattern take
// part in its match of each string.  Input on stdin, hex-encoded UTF-8 lines: the pattern,
// then one line of group names (space-separated, ASCII), then the strings, one a line.
// Output, one line per string: "0" (no match), or "1" followed by the names of the groups
// that took part.  The pattern is used with the u modifier (UTF-8), as the PHP snippet does.
$lines = explode("\n", stream_get_contents(STDIN));
$pattern = hex2bin(trim($lines[0]));
$delim = "\x01";
$regex = $delim . $pattern . $delim . 'u';
$names = preg_split('/ +/', trim($lines[1]), -1, PREG_SPLIT_NO_EMPTY);
echo 'version ' . PCRE_VERSION . "\n";
for ($i = 2; $i < count($lines); $i++) {
    if ($lines[$i] === '' && $i === count($lines) - 1) {
        break;
    }
    $r = preg_match($regex, hex2bin(trim($lines[$i])), $m, PREG_UNMATCHED_AS_NULL);
    if ($r === false) {
        echo 'failed ' . preg_last_error_msg() . "\n";
        continue;
    }
    if ($r !== 1) {
        echo "0\n";
        continue;
    }
    $out = '1';
    foreach ($names as $n) {
        if (isset($m[$n])) {
            $out .= ' ' . $n;
        }
    }
    echo $out . "\n";
}
