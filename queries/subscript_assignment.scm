; Shape: `a[1]=x`: the name is a subscript, not a variable name.
; Sample: "a[1]=x\n"
; Walker: assign

(variable_assignment
  name: (subscript) @name)
