# frozen_string_literal: true

# Timing runner for Ruby Regexp (Onigmo), used by benchmarks/bench.py.
#
# Usage: ruby bench.rb INPUT_FILE
# INPUT_FILE (ASCII lines): "mahjong-regex-bench 1", the minimum seconds per timing,
# flags (ignored), the pattern count P and P pairs of lines (label, hex UTF-8 pattern),
# the hand count H and H hex lines, the hostile-string count W and W hex lines, and the
# number of repeats per hostile string.
# Output lines: "version V", "compiled LABEL MS" or "error LABEL MESSAGE", "result LABEL
# 0101..." (the warm-up pass), "rate LABEL PASSES SECONDS MATCHES", "worst LABEL I MS"
# (best of the repeats) or "worsterror LABEL I MESSAGE", then "done".

def decode(hex)
  [hex.strip].pack('H*').force_encoding(Encoding::UTF_8)
end

def now
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

$stdout.sync = true
lines = File.binread(ARGV[0]).split("\n", -1).map(&:chomp)
at = 0
nxt = lambda do
  at += 1
  lines[at - 1]
end
raise 'bad input header' unless nxt.call == 'mahjong-regex-bench 1'

min_seconds = Float(nxt.call)
nxt.call # flags: none for Ruby
patterns = Array.new(Integer(nxt.call)) { [nxt.call.strip, decode(nxt.call)] }
hands = Array.new(Integer(nxt.call)) { decode(nxt.call) }
hostile = Array.new(Integer(nxt.call)) { decode(nxt.call) }
repeats = Integer(nxt.call)

puts "version Ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (Onigmo)"
compiled = []
patterns.each do |label, source|
  t0 = now
  begin
    re = Regexp.new(source)
    puts format('compiled %s %.3f', label, (now - t0) * 1000)
    compiled << [label, re]
  rescue RegexpError => e
    puts "error #{label} #{e.message.gsub(/\s+/, ' ')}"
  end
end
compiled.each do |label, re|
  puts "result #{label} #{hands.map { |h| re.match?(h) ? '1' : '0' }.join}"
  passes = 0
  matches = 0
  t0 = now
  elapsed = 0.0
  loop do
    hands.each { |h| matches += 1 if re.match?(h) }
    passes += 1
    elapsed = now - t0
    break if elapsed >= min_seconds
  end
  puts format('rate %s %d %.6f %d', label, passes, elapsed, matches)
end
compiled.each do |label, re|
  hostile.each_with_index do |text, i|
    best = Float::INFINITY
    repeats.times do
      t0 = now
      re.match?(text)
      best = [best, now - t0].min
    end
    puts format('worst %s %d %.6f', label, i, best * 1000)
  rescue StandardError => e
    puts "worsterror #{label} #{i} #{e.message.gsub(/\s+/, ' ')}"
  end
end
puts 'done'
