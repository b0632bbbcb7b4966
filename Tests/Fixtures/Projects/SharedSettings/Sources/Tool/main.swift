import Core

print(Greeter().greeting(for: "tool"))
