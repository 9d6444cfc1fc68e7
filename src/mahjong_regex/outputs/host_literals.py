"""String and regex literals of the host languages, with each language's
escaping done, and the identifiers a snippet defines."""

from __future__ import annotations

import re


def quoted(text: str, quote: str = '"', ascii_only: bool = False) -> str:
    """A C-family quoted string literal: backslash and quote escaped, a
    newline as ``\\n``; with ``ascii_only`` every other character past ASCII
    as ``\\uXXXX`` (UTF-16 code units, as Java and C# read them)."""
    out = []
    for ch in text:
        if ch in ("\\", quote):
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ascii_only and ord(ch) > 0x7E:
            data = ch.encode("utf-16-be")
            out.extend(
                f"\\u{int.from_bytes(data[i:i + 2], 'big'):04x}" for i in range(0, len(data), 2)
            )
        else:
            out.append(ch)
    return quote + "".join(out) + quote


def python_literal(text: str) -> str:
    """A raw Python string where one can hold ``text``, else a quoted one."""
    tail = len(text) - len(text.rstrip("\\"))
    if '"' not in text and "\n" not in text and tail % 2 == 0:
        return 'r"' + text + '"'
    return quoted(text)


def single_quoted(text: str) -> str:
    """A single-quoted literal where only backslash and quote are escapes
    (Ruby, PHP)."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def rust_raw(text: str) -> str:
    """A Rust raw string literal, with as many ``#`` as it needs."""
    hashes = 1
    while '"' + "#" * hashes in text:
        hashes += 1
    return "r" + "#" * hashes + '"' + text + '"' + "#" * hashes


def go_literal(text: str) -> str:
    """A Go raw string literal (backquoted), or a quoted one."""
    return "`" + text + "`" if "`" not in text and "\r" not in text else quoted(text)


def php_delimited(text: str) -> str:
    """A PHP PCRE pattern ``/…/u`` (another delimiter when ``/`` is in it),
    as a single-quoted literal."""
    for d in "/~#%@;!":
        if d not in text:
            return single_quoted(d + text + d + "u")
    raise ValueError("no free delimiter for a PHP pattern")  # pragma: no cover


#: What ``--name`` takes: letters, digits and ``_``, a letter first.
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


class Names:
    """The identifiers of a snippet, made from a base name (the rule set's,
    or ``--name``): ``Names("harbin")`` gives ``HARBIN`` (upper), ``harbin``
    (snake), ``Harbin`` (pascal) and ``harbin`` (camel).

    Raises ValueError for a base name without an ASCII letter to start an
    identifier (a rule set named in Chinese characters needs ``--name``)."""

    def __init__(self, base: str):
        words = [w for w in re.split(r"[^A-Za-z0-9]+", base) if w]
        if not words or not words[0][0].isalpha():
            raise ValueError(
                f"the rule set name {base!r} makes no identifier: give one with --name "
                "(letters, digits and _, a letter first)"
            )
        self.base = base
        self.words = words

    @property
    def upper(self) -> str:
        """``HOUSE_RULES``."""
        return "_".join(w.upper() for w in self.words)

    @property
    def snake(self) -> str:
        """``house_rules``."""
        return "_".join(w.lower() for w in self.words)

    @property
    def pascal(self) -> str:
        """``HouseRules``."""
        return "".join(w[:1].upper() + w[1:] for w in self.words)

    @property
    def camel(self) -> str:
        """``houseRules``."""
        pascal = self.pascal
        return pascal[:1].lower() + pascal[1:]


#: The Ruby helper that reads a String as UTF-8 (shared with the arranged
#: snippet, :mod:`.snippets`, and the sorted one, :mod:`.sorted_templates`); its
#: slot ``{s}`` is the rule set's snake name.
#: PHP after ``$found = preg_match(…)``: where PCRE2 stops (its backtracking
#: or JIT stack limit) preg_match gives false, which is no verdict: throw.
PHP_STOPPED = """    if ($found === false) {
        throw new \\RuntimeException(function_exists('preg_last_error_msg')
            ? preg_last_error_msg() : 'PCRE error ' . preg_last_error());
    }
"""

RUBY_UTF8 = """# text as UTF-8: a binary String's bytes read as UTF-8, a String in another
# encoding transcoded (UTF-16 or UTF-32 without a byte order mark read as
# big-endian); nil where Ruby cannot transcode it (UTF-7, invalid bytes).
def {s}_utf8(text)
  return text.dup.force_encoding(Encoding::UTF_8) if text.encoding == Encoding::BINARY

  bom = { Encoding::UTF_16 => Encoding::UTF_16BE, Encoding::UTF_32 => Encoding::UTF_32BE }
  if bom.key?(text.encoding) && !text.b.start_with?("\\xFE\\xFF".b, "\\xFF\\xFE".b, "\\x00\\x00\\xFE\\xFF".b)
    text = text.dup.force_encoding(bom[text.encoding])
  end
  text.encode(Encoding::UTF_8)
rescue EncodingError
  nil
end

"""
