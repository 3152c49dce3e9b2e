/// Placeholder; generated.
