"""Local bookkeeping: the folder lock and usage counts."""
