"""Research-only retrieval code for the numpy baselines of the bench harness; the product never imports it."""
