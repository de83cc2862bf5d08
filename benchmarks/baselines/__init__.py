"""Raw baselines: the unavoidable work of an operation, done directly, to compare ours with."""
