"""The built-in rule sets, shipped as ``.meld`` files inside the package.

- ``harbin``: Harbin (哈尔滨) mahjong as the seed blog post states it;
- ``sichuan``: Sichuan 血战到底 after the MIL SBR 2025 rulebook;
- ``riichi``: Japanese riichi mahjong winning shapes (no yaku).
"""

from __future__ import annotations

from importlib import resources

#: Names of the built-in rule sets, in documentation order.
BUILTINS = ("harbin", "sichuan", "riichi")


def builtin_source(name: str) -> str:
    """The DSL text of built-in rule set ``name`` (str -> str); KeyError
    for an unknown name."""
    if name not in BUILTINS:
        raise KeyError(name)
    return resources.files(__name__).joinpath(f"{name}.meld").read_text("utf-8")
