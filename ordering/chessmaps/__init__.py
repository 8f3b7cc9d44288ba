"""Greer's chessmaps heuristic (Kieran Greer 2000, "Computer chess move-ordering schemes using
move influence"), written once for every game on the kernel's interfaces:

- `control`: the control of a square (section 2.1) and the chessmap, the vector of it;
- `valueboard`: the valueboard, the influence of a move (section 2.3) and the sector layouts;
- `features`: the network's inputs (chessmap plus the royal pieces' zones, seen from the side to
  move) and targets (the influence of the move played);
- `network`: the feedforward network trained by backpropagation in numpy (section 3), with its
  shipped weights;
- `forward`: the network's sector order at one position, its forward pass as loops (compiled);
- `sector_accuracy`: the accuracy of a sector ordering (the paper's Tables 1 and 2) and the probes
  of what the network learned (its Figs. 4-6);
- `greer_order`: the move order at one node (section 4), keyed and sorted in C types;
- `move_order`: that order as the ``chessmaps`` heuristic of a search, with the order's API.
"""
