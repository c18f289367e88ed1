; Shape: `for x in a b; do …; done` names its variable, values and body by field.
; Sample: "for x in a b; do echo $x; done\n"
; Walker: for_loop

(for_statement
  variable: (variable_name) @variable
  value: (word) @value
  body: (do_group) @body)
