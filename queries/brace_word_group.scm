; Shape: `{rm,-rf,/}` then a newline is a `{ … }` group missing its `}`, holding a command named `rm,-rf,/}`.
; Sample: "cd /tmp\n{rm,-rf,/}\necho done\n"
; Walker: statement, brace_expanded_commands

(compound_statement
  (MISSING "}") @missing)
