; Shape: A command name that is a substitution: the command_name node holds it.
; Sample: "$(echo ls) -la\n"
; Walker: pieces

(command_name
  (command_substitution) @dynamic)
