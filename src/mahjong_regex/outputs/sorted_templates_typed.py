"""The templates of sorted-input snippets in Java and C# (the other
languages' are in :mod:`.sorted_templates`), and each one's part for a rule
set with an indicator (the hand's ``TURNED|``).  A slot is ``{name}``:
:func:`.sorted_host.fill` fills them in one pass."""

from __future__ import annotations

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
        int[] turnedAt = bar < 0 ? new int[0] : positions(text.substring(0, bar));
        boolean turnable = false;
        for (int k : new int[] {{turnable}}) {
            turnable |= turnedAt.length == 1 && turnedAt[0] == k;
        }
        if (!turnable || bar + 1 == text.length()) {
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
        var turnedAt = bar < 0 ? new List<int>() : Positions(text.Substring(0, bar));
        if (turnedAt.Count != 1 || Array.IndexOf(new[] {{turnable}}, turnedAt[0]) < 0
            || bar + 1 == text.Length)
        {
            throw new ArgumentException("{TURNED}");
        }
        head = text.Substring(0, bar + 1);
        text = text.Substring(bar + 1);
"""
