; Shape: A function definition names its name and body by field.
; Sample: "f() { rm -f x; }\n"
; Walker: define_function

(function_definition
  name: (word) @name
  body: (compound_statement) @body)
