"""Local bookkeeping: the folder lock, usage counts, the owner's endpoint."""
