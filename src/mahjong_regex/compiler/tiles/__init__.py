"""The compiler's tile room: one tile or a set of tiles as IR
(:mod:`.tile_nodes`), scans that find a tile or count copies
(:mod:`.scans`), and the passes that choose how tiles are read: marker
characters, fixed widths, character lengths, aligned skips, atomic scans."""
