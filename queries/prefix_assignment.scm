; Shape: `FOO=1 cmd`: the assignment is a child of the command.
; Sample: "FOO=1 make\n"
; Walker: simple_command

(command
  (variable_assignment) @assignment
  name: (command_name))
