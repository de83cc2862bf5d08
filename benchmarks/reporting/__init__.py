"""Collecting benchmark results and turning them into the report that ``make bench`` writes."""
