# frozen_string_literal: true

# Batch regex runner for Ruby (Onigmo).
#
# stdin:  line 1 = pattern (hex UTF-8), line 2 = flags (ignored), then one hex UTF-8 line per string.
# stdout: one line of '1'/'0' (does Regexp.new(pattern).match?(s)?), or
#         "ERROR: <message>" and exit status 3 if the pattern does not compile.

def decode(hex)
  [hex.strip].pack('H*').force_encoding(Encoding::UTF_8)
end

$stdin.binmode
$stdout.binmode
lines = $stdin.read.split("\n", -1)
lines.pop # the input ends with a newline
begin
  regexp = Regexp.new(decode(lines[0]))
rescue RegexpError => e
  $stdout.write("ERROR: #{e.message}\n")
  exit 3
end
$stdout.write(lines[2..].map { |hex| regexp.match?(decode(hex)) ? '1' : '0' }.join, "\n")
