# frozen_string_literal: true

# The runner for Ruby (Onigmo): Regexp.new(pattern), then re.match?(s).
# Input on stdin, output on stdout: see the protocol in tests/engines.py.

def decode(hex)
  [hex.strip].pack('H*').force_encoding(Encoding::UTF_8)
end

def now
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

def one_line(error)
  error.message.gsub(/\s+/, ' ')
end

$stdin.binmode
$stdout.binmode
$stdout.sync = true
lines = $stdin.read.split("\n", -1).each
count = -> { Integer(lines.next) }
strings = -> { Array.new(count.call) { decode(lines.next) } }
raise 'bad input header' unless lines.next == 'mahjong-regex-runner 1'

min_seconds = Float(lines.next)
lines.next # flags: none for Ruby
patterns = Array.new(count.call) { [lines.next.strip, decode(lines.next)] }
hands = strings.call
hostile = strings.call
repeats = count.call

puts "version Ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (Onigmo)"
compiled = []
patterns.each do |label, source|
  t0 = now
  re = Regexp.new(source)
  puts format('compiled %s %.3f', label, (now - t0) * 1000)
  compiled << [label, re]
rescue RegexpError => e
  puts "error #{label} #{one_line(e)}"
end
compiled.each do |label, re|
  begin
    puts "result #{label} #{hands.map { |h| re.match?(h) ? '1' : '0' }.join}"
  rescue StandardError => e
    puts "failed #{label} #{one_line(e)}"
    next
  end
  next if min_seconds <= 0

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
    puts "worsterror #{label} #{i} #{one_line(e)}"
  end
end
puts 'done'
