; Shape: A command substitution inside arithmetic expansion.
; Sample: "echo $(( $(date) + 1 ))\n"
; Walker: arithmetic, substitution

(arithmetic_expansion
  (_
    (command_substitution) @substitution))
