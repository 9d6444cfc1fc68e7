"""The templates of sorted-input snippets (:mod:`.sorted_snippets`), one per
host language with lookaround, and each one's part for a rule set with an
indicator (the hand's ``TURNED|``).  A slot is ``{name}``:
:func:`.sorted_host.fill` fills them in one pass."""

from __future__ import annotations

from .host_literals import RUBY_UTF8

PYTHON = '''{head}
import re

{U}_WINNING_HAND = re.compile({literal})
#: The tile names in canonical order: a sorted hand is written in this order.
{U}_TILE_ORDER = ({order})


def is_{s}_winning_hand(hand: str) -> bool:
    """Is ``hand``, written in canonical order, a winning hand of {base}?"""
    return {U}_WINNING_HAND.search(hand) is not None


def _{s}_positions(text: str) -> list:
    found, i = [], 0
    while i < len(text):
        for k, name in enumerate({U}_TILE_ORDER):
            if text.startswith(name, i):
                found.append(k)
                i += len(name)
                break
        else:
            raise ValueError("{NOT}" + str(len(found) + 1) + ": " + repr(text[i:]))
    return found


def sort_{s}_hand(tiles) -> str:
    """``tiles`` (a str of tile names in any order, or an iterable of such
    strs, read joined) in canonical order.  Raises ValueError where no tile
    name starts, TypeError for bytes (decode them first) or an item that is
    not a str."""
    if isinstance(tiles, (bytes, bytearray, memoryview)) or not hasattr(tiles, "__iter__"):
        raise TypeError("not a str of tile names or an iterable of them (decode bytes first): "
                        + repr(tiles))
    items = [tiles] if isinstance(tiles, str) else list(tiles)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise TypeError("item " + str(i) + " is not a str: " + repr(item))
    text, head = "".join(items), ""
{py_turned}    return head + "".join({U}_TILE_ORDER[k] for k in sorted(_{s}_positions(text)))


def is_{s}_winning_tiles(tiles) -> bool:
    """Is ``tiles``, in any order (see ``sort_{s}_hand``), a winning hand of
    {base}?  Raises as ``sort_{s}_hand``."""
    return is_{s}_winning_hand(sort_{s}_hand(tiles))
'''
PY_TURNED = """    turned, bar, text = text.partition("|")
    if not bar or len(_{s}_positions(turned)) != 1:
        raise ValueError("{TURNED}")
    head = turned + bar
"""

JS = """{head}
{export}const {U}_WINNING_HAND{t_re} = {literal};
/** The tile names in canonical order: a sorted hand is written in this order. */
{export}const {U}_TILE_ORDER{t_order} = Object.freeze([{order}]);

/** Is `hand`, written in canonical order, a winning hand? (false for what is not a string) */
{export}function is{P}WinningHand(hand{t_str}){t_bool} {
  return typeof hand === "string" && {U}_WINNING_HAND.test(hand);
}

function {c}Positions(text{t_str}){t_nums} {
  const found{t_nums} = [];
  let i = 0;
  next: while (i < text.length) {
    for (let k = 0; k < {U}_TILE_ORDER.length; k++) {
      if (text.startsWith({U}_TILE_ORDER[k], i)) {
        found.push(k);
        i += {U}_TILE_ORDER[k].length;
        continue next;
      }
    }
    throw new Error("{NOT}" + (found.length + 1) + ": " + JSON.stringify(text.slice(i)));
  }
  return found;
}

// What is not a string, for an error: an object by its kind ([object Array]),
// since String() may throw or read like a string.
function {c}Shown(x{t_any}){t_string} {
  return typeof x === "object" && x !== null ? Object.prototype.toString.call(x) : String(x);
}

/**
 * `tiles` (a string of tile names in any order, or an iterable of such
 * strings, read joined) in canonical order; throws an Error where no tile
 * name starts, a TypeError for what is not a string or an iterable of them.
 */
{export}function sort{P}Hand(tiles{t_tiles}){t_string} {
  if (typeof tiles !== "string" && (tiles == null || typeof tiles[Symbol.iterator] !== "function" || ArrayBuffer.isView(tiles))) {
    throw new TypeError("not a string of tile names or an iterable of them (decode bytes first): " + {c}Shown(tiles));
  }
  let text = typeof tiles === "string" ? tiles : Array.from(tiles, (t, i) => {
    if (typeof t !== "string") throw new TypeError("item " + i + " is not a string: " + {c}Shown(t));
    return t;
  }).join("");
  let head = "";
{js_turned}  const found = {c}Positions(text).sort((a, b) => a - b);
  return head + found.map((k) => {U}_TILE_ORDER[k]).join("");
}

/** Is `tiles`, in any order (see sort{P}Hand), a winning hand? Throws as sort{P}Hand. */
{export}function is{P}WinningTiles(tiles{t_tiles}){t_bool} {
  return is{P}WinningHand(sort{P}Hand(tiles));
}
"""
JS_TURNED = """  const bar = text.indexOf("|");
  if (bar < 0 || {c}Positions(text.slice(0, bar)).length !== 1) {
    throw new Error("{TURNED}");
  }
  head = text.slice(0, bar + 1);
  text = text.slice(bar + 1);
"""

JAVA = """{head}
{package}import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

public final class {P}WinningHand {
    private {P}WinningHand() {}

    public static final Pattern PATTERN = Pattern.compile({literal});

    /** The tile names in canonical order: a sorted hand is written in this order. */
    public static final List<String> TILE_ORDER =
            Collections.unmodifiableList(Arrays.asList({order}));

    /** Whether hand, written in canonical order, is a winning hand. */
    public static boolean isWinningHand(String hand) {
        return PATTERN.matcher(hand).find();
    }

    /**
     * The tiles, a string of tile names in any order, in canonical order.
     * @throws IllegalArgumentException where no tile name starts
     * @throws NullPointerException for null
     */
    public static String sortHand(String tiles) {
        String text = Objects.requireNonNull(tiles, "tiles"), head = "";
{java_turned}        int[] found = positions(text);
        Arrays.sort(found);
        StringBuilder out = new StringBuilder(head);
        for (int k : found) {
            out.append(TILE_ORDER.get(k));
        }
        return out.toString();
    }

    /**
     * The tiles (strings of tile names, read joined) in canonical order; throws as
     * sortHand(String), and NullPointerException for a null item.
     */
    public static String sortHand(Iterable<String> tiles) {
        StringBuilder text = new StringBuilder();
        int i = 0;
        for (String tile : Objects.requireNonNull(tiles, "tiles")) {
            if (tile == null) {
                throw new NullPointerException("item " + i + " is null");
            }
            text.append(tile);
            i++;
        }
        return sortHand(text.toString());
    }

    /** Whether the tiles, in any order, are a winning hand; throws as sortHand(String). */
    public static boolean isWinningTiles(String tiles) {
        return isWinningHand(sortHand(tiles));
    }

    /** Whether the tiles, in any order, are a winning hand; throws as sortHand(String). */
    public static boolean isWinningTiles(Iterable<String> tiles) {
        return isWinningHand(sortHand(tiles));
    }

    private static int[] positions(String text) {
        int[] found = new int[text.length()];
        int n = 0;
        next:
        for (int i = 0; i < text.length(); ) {
            for (int k = 0; k < TILE_ORDER.size(); k++) {
                if (text.startsWith(TILE_ORDER.get(k), i)) {
                    found[n++] = k;
                    i += TILE_ORDER.get(k).length();
                    continue next;
                }
            }
            throw new IllegalArgumentException(
                    "{NOT}" + (n + 1) + ": " + quoted(text.substring(i)));
        }
        return Arrays.copyOf(found, n);
    }

    private static String quoted(String text) {
        StringBuilder out = new StringBuilder("\\"");
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            // A surrogate not in a pair is escaped: printed, it is a '?'.
            boolean paired = Character.isHighSurrogate(ch)
                    ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                    : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
            if (ch == '"' || ch == '\\\\') {
                out.append('\\\\').append(ch);
            } else if (ch < ' ' || Character.isSurrogate(ch) && !paired) {
                out.append(String.format("\\\\u%04x", (int) ch));
            } else {
                out.append(ch);
            }
        }
        return out.append('"').toString();
    }
}
"""
JAVA_TURNED = """        int bar = text.indexOf('|');
        if (bar < 0 || positions(text.substring(0, bar)).length != 1) {
            throw new IllegalArgumentException("{TURNED}");
        }
        head = text.substring(0, bar + 1);
        text = text.substring(bar + 1);
"""

CSHARP = """{head}
using System;
using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;

{open}public static class {P}WinningHand
{
    public static readonly Regex Pattern = new Regex({literal});

    /// <summary>The tile names in canonical order: a sorted hand is written in this order.</summary>
    public static readonly IReadOnlyList<string> TileOrder = Array.AsReadOnly(new[] { {order} });

    /// <summary>Whether hand, written in canonical order, is a winning hand.</summary>
    public static bool IsWinningHand(string hand)
    {
        return Pattern.IsMatch(hand);
    }

    /// <summary>The tiles, a string of tile names in any order, in canonical order.</summary>
    /// <exception cref="ArgumentException">where no tile name starts</exception>
    /// <exception cref="ArgumentNullException">for null</exception>
    public static string SortHand(string tiles)
    {
        if (tiles == null)
        {
            throw new ArgumentNullException(nameof(tiles));
        }
        string text = tiles, head = "";
{cs_turned}        var found = Positions(text);
        found.Sort();
        var output = new StringBuilder(head);
        foreach (var k in found)
        {
            output.Append(TileOrder[k]);
        }
        return output.ToString();
    }

    /// <summary>The tiles (strings of tile names, read joined) in canonical order; throws as
    /// SortHand(string), and ArgumentException for a null item.</summary>
    public static string SortHand(IEnumerable<string> tiles)
    {
        if (tiles == null)
        {
            throw new ArgumentNullException(nameof(tiles));
        }
        var text = new StringBuilder();
        int i = 0;
        foreach (var tile in tiles)
        {
            if (tile == null)
            {
                throw new ArgumentException("item " + i + " is null", nameof(tiles));
            }
            text.Append(tile);
            i++;
        }
        return SortHand(text.ToString());
    }

    /// <summary>Whether the tiles, in any order, are a winning hand; throws as SortHand(string).</summary>
    public static bool IsWinningTiles(string tiles)
    {
        return IsWinningHand(SortHand(tiles));
    }

    /// <summary>Whether the tiles, in any order, are a winning hand; throws as SortHand(string).</summary>
    public static bool IsWinningTiles(IEnumerable<string> tiles)
    {
        return IsWinningHand(SortHand(tiles));
    }

    private static List<int> Positions(string text)
    {
        var found = new List<int>();
        for (int i = 0; i < text.Length; )
        {
            int k = 0;
            while (k < TileOrder.Count
                   && string.CompareOrdinal(text, i, TileOrder[k], 0, TileOrder[k].Length) != 0)
            {
                k++;
            }
            if (k == TileOrder.Count)
            {
                throw new ArgumentException("{NOT}" + (found.Count + 1) + ": " + Quoted(text.Substring(i)));
            }
            found.Add(k);
            i += TileOrder[k].Length;
        }
        return found;
    }

    private static string Quoted(string text)
    {
        var output = new StringBuilder("\\"");
        for (int i = 0; i < text.Length; i++)
        {
            char ch = text[i];
            // A surrogate not in a pair is escaped: printed, it is a '?'.
            bool paired = char.IsHighSurrogate(ch)
                ? i + 1 < text.Length && char.IsLowSurrogate(text[i + 1])
                : i > 0 && char.IsHighSurrogate(text[i - 1]);
            if (ch == '"' || ch == '\\\\')
            {
                output.Append('\\\\').Append(ch);
            }
            else if (ch < ' ' || char.IsSurrogate(ch) && !paired)
            {
                output.Append("\\\\u").Append(((int)ch).ToString("x4"));
            }
            else
            {
                output.Append(ch);
            }
        }
        return output.Append('"').ToString();
    }
}
{close}"""
CS_TURNED = """        int bar = text.IndexOf('|');
        if (bar < 0 || Positions(text.Substring(0, bar)).Count != 1)
        {
            throw new ArgumentException("{TURNED}");
        }
        head = text.Substring(0, bar + 1);
        text = text.Substring(bar + 1);
"""

RUBY = (
    """{head}
{U}_WINNING_HAND = Regexp.new({literal})
# The tile names in canonical order: a sorted hand is written in this order.
{U}_TILE_ORDER = [{order}].freeze

"""
    + RUBY_UTF8
    + """# Is hand, written in canonical order, a winning hand? (false for a String
# that is no valid text; TypeError for what is not a String)
def {s}_winning_hand?(hand)
  raise TypeError, 'not a String: ' + hand.inspect unless hand.is_a?(String)

  hand = {s}_utf8(hand)
  !hand.nil? && hand.valid_encoding? && {U}_WINNING_HAND.match?(hand)
end

# The positions in {U}_TILE_ORDER of the tiles of text, read bytewise.
def {s}_tile_positions(text)
  found = []
  i = 0
  while i < text.bytesize
    k = {U}_TILE_ORDER.index { |name| text.byteslice(i, name.bytesize) == name }
    raise ArgumentError, "{NOT}" + (found.length + 1).to_s + ': ' + text.byteslice(i, text.bytesize).inspect if k.nil?

    found << k
    i += {U}_TILE_ORDER[k].bytesize
  end
  found
end

# tiles (a String of tile names in any order, or an Array of such Strings,
# read joined; binary ones as UTF-8, others transcoded) in canonical order;
# raises ArgumentError where no tile name starts or for a String that cannot
# be transcoded, TypeError for what is not a String or an Array of them.
def sort_{s}_hand(tiles)
  items = tiles.is_a?(String) ? [tiles] : tiles
  raise TypeError, 'not a String of tile names or an Array of them: ' + tiles.inspect unless items.is_a?(Array)

  items.each_with_index do |item, i|
    raise TypeError, 'item ' + i.to_s + ' is not a String: ' + item.inspect unless item.is_a?(String)
  end
  text = items.each_with_index.map do |item, i|
    utf8 = {s}_utf8(item)
    raise ArgumentError, 'item ' + i.to_s + ' is no text in ' + item.encoding.to_s + ': ' + item.inspect if utf8.nil?

    utf8.b
  end.join.force_encoding(Encoding::UTF_8)
  head = ''
{rb_turned}  head + {s}_tile_positions(text).sort.map { |k| {U}_TILE_ORDER[k] }.join
end

# Is tiles, in any order (see sort_{s}_hand), a winning hand? Raises as sort_{s}_hand.
def {s}_winning_tiles?(tiles)
  {s}_winning_hand?(sort_{s}_hand(tiles))
end
"""
)

RB_TURNED = """  turned, bar, text = text.partition('|')
  raise ArgumentError, "{TURNED}" if bar.empty? || {s}_tile_positions(turned).length != 1

  head = turned + bar
"""

PHP = """<?php
{head}
{namespace}const {U}_WINNING_HAND = {literal};
// The tile names in canonical order: a sorted hand is written in this order.
const {U}_TILE_ORDER = [{order}];

// Is $hand, written in canonical order, a winning hand?  A RuntimeException
// where PCRE2 stops (its backtracking or JIT stack limit): then it has no verdict.
function is_{s}_winning_hand(string $hand): bool
{
    $found = preg_match({U}_WINNING_HAND, $hand);
{stopped}    return $found === 1;
}

// The positions in {U}_TILE_ORDER of the tiles of $text.
function {s}_tile_positions(string $text): array
{
    $found = [];
    for ($i = 0; $i < strlen($text); ) {
        foreach ({U}_TILE_ORDER as $k => $name) {
            if (substr($text, $i, strlen($name)) === $name) {
                $found[] = $k;
                $i += strlen($name);
                continue 2;
            }
        }
        $rest = json_encode(substr($text, $i), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE);
        throw new \\InvalidArgumentException('{NOT}' . (count($found) + 1) . ': ' . $rest);
    }
    return $found;
}

// $tiles (a string of tile names in any order, or an array of such strings,
// read joined) in canonical order; throws InvalidArgumentException where no
// tile name starts, TypeError for what is not a string or an array of them.
function sort_{s}_hand($tiles): string
{
    $items = is_string($tiles) ? [$tiles] : $tiles;
    if (!is_array($items)) {
        throw new \\TypeError('not a string of tile names or an array of them: ' . gettype($tiles));
    }
    foreach (array_values($items) as $i => $item) {
        if (!is_string($item)) {
            throw new \\TypeError('item ' . $i . ' is not a string: ' . gettype($item));
        }
    }
    $text = implode('', $items);
    $head = '';
{php_turned}    $found = {s}_tile_positions($text);
    sort($found);
    return $head . implode('', array_map(fn($k) => {U}_TILE_ORDER[$k], $found));
}

// Is $tiles, in any order (see sort_{s}_hand), a winning hand? Throws as sort_{s}_hand.
function is_{s}_winning_tiles($tiles): bool
{
    return is_{s}_winning_hand(sort_{s}_hand($tiles));
}
"""
PHP_TURNED = """    $bar = strpos($text, '|');
    if ($bar === false || count({s}_tile_positions(substr($text, 0, $bar))) !== 1) {
        throw new \\InvalidArgumentException("{TURNED}");
    }
    $head = substr($text, 0, $bar + 1);
    $text = substr($text, $bar + 1);
"""

#: Per language: its comment mark, template, and the template of the
#: indicator's ``TURNED|`` (its slot's name).
TEMPLATES = {
    "python": ("#", PYTHON, ("py_turned", PY_TURNED)),
    "js": ("//", JS, ("js_turned", JS_TURNED)),
    "ts": ("//", JS, ("js_turned", JS_TURNED)),
    "java": ("//", JAVA, ("java_turned", JAVA_TURNED)),
    "csharp": ("//", CSHARP, ("cs_turned", CS_TURNED)),
    "ruby": ("#", RUBY, ("rb_turned", RB_TURNED)),
    "php": ("//", PHP, ("php_turned", PHP_TURNED)),
}
#: The TypeScript types of the JS template's slots (empty in JavaScript).
TS_TYPES = {
    "t_re": ": RegExp",
    "t_order": ": readonly string[]",
    "t_str": ": string",
    "t_bool": ": boolean",
    "t_string": ": string",
    "t_nums": ": number[]",
    "t_tiles": ": string | Iterable<string>",
    "t_any": ": unknown",
}
