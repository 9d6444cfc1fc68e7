"""The browser playground, an output stage: a static site that runs the
compiler and the reference evaluator in the browser through Pyodide.

- :mod:`.api`: the one module the page calls (inside Pyodide): compile a
  rule text for a flavor, check it, decide and score hands; JSON in, JSON
  out;
- :mod:`.site`: ``mahjong-regex playground build``: the page (``static/``),
  pinned Pyodide files from npm, the ``lark`` wheel and this project's own
  wheel, in one folder;
- :mod:`.fetch`: the pinned downloads and their cache;
- :mod:`.serve`: ``mahjong-regex playground serve``, on 127.0.0.1;
- :mod:`.command`: the ``playground`` subcommand.

Nothing else in the package imports it but the command line.
"""
