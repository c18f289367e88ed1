; Shape: `a=(x y)`: an assignment whose value is an array.
; Sample: "a=(x y)\n"
; Walker: assign

(variable_assignment
  name: (variable_name) @name
  value: (array) @elements)
