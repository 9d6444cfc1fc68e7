"""``python -m mahjong_regex``: the same as the ``mahjong-regex`` command."""

import sys

from .cli import main

sys.exit(main())
