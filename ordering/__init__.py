"""Move-ordering heuristics, one module each, written once for every variant.

A pipeline (`ordering.pipeline.Pipeline`) is built from a spec string such as
``hash,mvvlva,killer,countermove,history`` (`ordering.spec.build_pipeline`); it implements the
search's `core.search.node.MoveOrderer`. Heuristics see positions only through the kernel's
interfaces and the variant's tables (piece values, capture strengths, attackers).
"""
