# frozen_string_literal: true

# The runner for Ruby (Onigmo): Regexp.new(pattern), then re.match?(s).
# It speaks the runner protocol of mahjong_regex.engines (version 2) on stdin and stdout.

def decode(hex)
  [hex.strip].pack('H*').force_encoding(Encoding::UTF_8)
end

def now
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

def one_line(error)
  error.message.gsub(/\s+/, ' ')
end

def fail!(why)
  warn "runner.rb: #{why}"
  exit 2
end

def next_line
  line = $stdin.gets
  line&.chomp
end

def compile_all(patterns)
  puts "version Ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (Onigmo)"
  compiled = []
  patterns.each do |label, source|
    t0 = now
    re = Regexp.new(source)
    puts format('compiled %s %.3f', label, (now - t0) * 1000)
    compiled << [label, re]
  rescue RegexpError, ArgumentError => e
    puts "error #{label} #{one_line(e)}"
  end
  puts 'end'
  compiled
end

# The verdicts, then (if seconds > 0) passes over all the strings until seconds have gone by.
def match(label, re, strings, seconds)
  puts "result #{label} #{strings.map { |s| re.match?(s) ? '1' : '0' }.join}"
  return if seconds <= 0

  passes = 0
  matches = 0
  t0 = now
  elapsed = 0.0
  loop do
    strings.each { |s| matches += 1 if re.match?(s) }
    passes += 1
    elapsed = now - t0
    break if elapsed >= seconds
  end
  puts format('rate %s %d %.6f %d', label, passes, elapsed, matches)
end

def worst(label, re, strings, repeats)
  strings.each_with_index do |text, i|
    best = Float::INFINITY
    [repeats, 1].max.times do
      t0 = now
      re.match?(text)
      best = [best, now - t0].min
    end
    puts format('worst %s %d %.6f', label, i, best * 1000)
  rescue StandardError => e
    puts "worsterror #{label} #{i} #{one_line(e)}"
  end
end

def command(compiled, words, strings)
  verb = words[0]
  return puts("unsupported #{verb}") unless %w[match time worst].include?(verb)

  compiled.each do |label, re|
    case verb
    when 'match' then match(label, re, strings, 0)
    when 'time' then match(label, re, strings, Float(words[1]))
    else worst(label, re, strings, Integer(words[1]))
    end
  rescue StandardError => e
    puts "failed #{label} #{one_line(e)}"
  end
end

$stdin.binmode
$stdout.binmode
$stdout.sync = true
fail!('bad input header') unless next_line == 'mahjong-regex-runner 2'
fail!('no flags line') unless next_line&.start_with?('flags') # none for Ruby
patterns = []
loop do
  line = next_line
  break if line == 'go'
  fail!("bad header line: #{line}") unless line&.start_with?('pattern ')

  _, label, hex = line.split(' ', 3)
  patterns << [label, decode(hex || '')]
end
compiled = compile_all(patterns)
while (line = next_line)
  words = line.split
  strings = Array.new(Integer(words[-1])) do
    hex = next_line
    fail!('input ends inside a command') if hex.nil?
    decode(hex)
  end
  command(compiled, words, strings)
  puts 'end'
end
