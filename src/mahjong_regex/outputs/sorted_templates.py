"""The templates of sorted-input snippets (:mod:`.sorted_snippets`), one per
host language with lookaround (Java's and C#'s in
:mod:`.sorted_templates_typed`), and each one's part for a rule set with an
indicator (the hand's ``TURNED|``).  A slot is ``{name}``:
:func:`.sorted_host.fill` fills them in one pass."""

from __future__ import annotations

from .host_literals import RUBY_UTF8
from .sorted_templates_typed import CS_TURNED, CSHARP, JAVA, JAVA_TURNED

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
    turned_at = _{s}_positions(turned) if bar else []
    if len(turned_at) != 1 or turned_at[0] not in [{turnable}] or not text:
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
  const turnedAt = bar < 0 ? [] : {c}Positions(text.slice(0, bar));
  if (turnedAt.length !== 1 || ![{turnable}].includes(turnedAt[0]) || bar + 1 === text.length) {
    throw new Error("{TURNED}");
  }
  head = text.slice(0, bar + 1);
  text = text.slice(bar + 1);
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
  turned_at = bar.empty? ? [] : {s}_tile_positions(turned)
  raise ArgumentError, "{TURNED}" if turned_at.length != 1 || ![{turnable}].include?(turned_at[0]) || text.empty?

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
    $turnedAt = $bar === false ? [] : {s}_tile_positions(substr($text, 0, $bar));
    if (count($turnedAt) !== 1 || !in_array($turnedAt[0], [{turnable}], true)
        || $bar + 1 === strlen($text)) {
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
