; Shape: `{rm,-rf,/}` alone is an ERROR with no command node (bash brace-expands the word into a command).
; Sample: "{rm,-rf,/}"
; Walker: brace_expanded_commands

(program
  (ERROR) @unread)
