; Shape: `declare x=$(cmd)` is a declaration command holding an assignment.
; Sample: "declare x=$(date)\n"
; Walker: declaration

(declaration_command
  (variable_assignment
    value: (command_substitution) @value))
