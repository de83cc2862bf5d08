"""``python -m graft_pipeline``."""

from graft_pipeline.cli import main

main(prog_name="python -m graft_pipeline")
