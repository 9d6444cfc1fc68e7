"""The built-in rule sets, shipped as ``.meld`` files inside the package.

- ``harbin``: Harbin (哈尔滨) mahjong as the seed blog post states it;
- ``sichuan``: Sichuan 血战到底 after the MIL SBR 2025 rulebook;
- ``riichi``: Japanese riichi mahjong winning shapes (no yaku);
- the regions the seed post names, without wild tiles: ``changchun`` (吉),
  ``tuidaohu`` (冀), ``shaanxi`` (秦), ``shanxi`` (晋), ``kawuxing`` (鄂),
  ``hefei`` (皖), ``shanghai`` (沪), ``changsha`` (湘);
- three rule families to compare against: ``taiwan`` (16 tiles),
  ``hongkong`` (old style), ``mcr`` (国标);
- the regions that play with a wild tile: ``hongzhong`` (湘, 中 wild),
  ``hangzhou`` (浙, 白 wild), ``guangdong`` (粤, the flowers wild),
  ``tianjin`` (津, the turned kind and the next), ``wuhan`` (鄂, the kind
  after the turned one), ``wenzhou`` (浙, the turned kind; 白 plays it).

Each file cites its source and says what of its rulebook it leaves out.
"""

from __future__ import annotations

from importlib import resources

#: Names of the built-in rule sets, in documentation order.
BUILTINS = (
    "harbin",
    "sichuan",
    "riichi",
    "changchun",
    "tuidaohu",
    "shaanxi",
    "shanxi",
    "kawuxing",
    "hefei",
    "shanghai",
    "changsha",
    "taiwan",
    "hongkong",
    "mcr",
    "hongzhong",
    "hangzhou",
    "guangdong",
    "tianjin",
    "wuhan",
    "wenzhou",
)


def builtin_source(name: str) -> str:
    """The DSL text of built-in rule set ``name`` (str -> str); KeyError
    for an unknown name."""
    if name not in BUILTINS:
        raise KeyError(name)
    return resources.files(__name__).joinpath(f"{name}.meld").read_text("utf-8")
