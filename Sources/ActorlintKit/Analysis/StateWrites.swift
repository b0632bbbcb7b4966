import SwiftSyntax

/// A write to a stored property, and what it leaves there as far as the text shows: an
/// assignment (`cache[url] = data`, `isLoading = false`, `count += 1`) or a mutating call
/// (`names.append(name)`, `entries.removeValue(forKey: id)`). A subscript counts as a write to
/// its property: keys are not compared.
struct StateWrite {
    /// What the written slot holds afterwards.
    enum Value: Equatable {
        /// Nothing: `= nil`, a removal.
        case none
        /// Something: an insertion, a value that is not `nil`.
        case some
        /// This literal: `true`, `0`, `"idle"`, `.idle`.
        case literal(String)
        /// A value the text does not show (`= next`, `+= 1`, `sort()`).
        case unknown
    }

    let property: String
    /// The assignment (its whole sequence) or the mutating call.
    let node: Syntax
    /// When it happens, as a source offset: when the statement's value is ready.
    let time: Int
    /// The expressions whose values are written: the right-hand side or the call's arguments.
    let values: [Syntax]
    let value: Value

    /// Methods that change the collection or value they are called on, and what they leave.
    static let mutatingMethods: [String: Value] = [
        "append": .some, "insert": .some, "updateValue": .some, "merge": .some, "formUnion": .some,
        "remove": .none, "removeAll": .none, "removeFirst": .none, "removeLast": .none, "removeValue": .none,
        "popLast": .none, "popFirst": .none, "subtract": .none, "formIntersection": .unknown,
        "sort": .unknown, "reverse": .unknown, "shuffle": .unknown, "toggle": .unknown, "replaceSubrange": .unknown,
    ]

    /// The write `expression` (a reference to `property`: `cache`, `self.cache`) is the target
    /// of, or nil when it is only read.
    init?(of property: String, at expression: Syntax) {
        var target = expression
        while let parent = target.parent {
            if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == target.id {
                target = parent
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == target.id {
                if let call = parent.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == parent.id {
                    guard let value = Self.mutatingMethods[member.declName.baseName.text] else { return nil }
                    self.init(property: property, node: Syntax(call), time: call.endOffset,
                              values: call.arguments.map { Syntax($0) }, value: value)
                    return
                }
                target = parent
            } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                target = parent
            } else {
                break
            }
        }
        guard let elements = target.parent?.as(ExprListSyntax.self), let sequence = elements.parent?.as(SequenceExprSyntax.self),
              let index = elements.firstIndex(where: { $0.id == target.id }) else { return nil }
        let next = elements.index(after: index)
        guard next != elements.endIndex else { return nil }
        let operatorNode = elements[next]
        let compound = operatorNode.as(BinaryOperatorExprSyntax.self)?.operator.text
        guard operatorNode.is(AssignmentExprSyntax.self) || compound.map(Self.compoundOperators.contains) == true
        else { return nil }
        let values = elements[elements.index(after: next)...].map { Syntax($0) }
        var value = Value.unknown
        if compound == "??=" {
            value = .some
        } else if compound == nil, values.count == 1, let written = values.first?.as(ExprSyntax.self) {
            value = Self.value(of: written, intoSlot: target.is(SubscriptCallExprSyntax.self))
        }
        self.init(property: property, node: Syntax(sequence), time: sequence.endOffset, values: values, value: value)
    }

    private init(property: String, node: Syntax, time: Int, values: [Syntax], value: Value) {
        self.property = property
        self.node = node
        self.time = time
        self.values = values
        self.value = value
    }

    private static let compoundOperators: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "??="]

    /// What assigning `expression` leaves: a literal as written, `nil` as nothing; any other
    /// value stored under a key (`cache[url] = data`) is something, since a subscript's `nil`
    /// would be written as the literal.
    private static func value(of expression: ExprSyntax, intoSlot: Bool) -> Value {
        if expression.is(NilLiteralExprSyntax.self) { return .none }
        // `= [:]`, `= []`: emptied.
        if let dictionary = expression.as(DictionaryExprSyntax.self), dictionary.content.is(TokenSyntax.self) { return .none }
        if let array = expression.as(ArrayExprSyntax.self), array.elements.isEmpty { return .none }
        if let literal = StateCondition.literal(expression) { return .literal(literal) }
        return intoSlot ? .some : .unknown
    }
}

/// What passing (or failing) a condition establishes about a property it reads: that it holds
/// nothing (`if let cached = cache[url] { return cached }`, then below: nothing cached), that it
/// holds something (`guard let task = tasks[id]`), or that it equals a literal (`if isDirty`,
/// `guard phase == .ready`). `unknown` for any other condition (`balance >= amount`).
enum StateCondition: Equatable {
    case isNil
    case notNil
    case equals(String)
    case unknown

    /// What `element` (a condition of an `if` or `guard`) establishes about the property read at
    /// `read`, when it passed (`passed`) or failed. A failed condition tells something only when
    /// it is the statement's only condition and not a conjunction, or when it binds the property
    /// (`isNil` then stands for "nothing there, or another condition failed").
    static func established(by element: ConditionElementSyntax, read: Syntax, passed: Bool, onlyCondition: Bool) -> StateCondition {
        if let binding = element.condition.as(OptionalBindingConditionSyntax.self) {
            guard let value = binding.initializer?.value, value.id == read.id || isSlot(value, of: read) else { return .unknown }
            // Failed: nothing there, or another condition failed (`if let hit = cache[k], hit.isFresh`);
            // either way only a write that stores something can undo it, as for `isNil`.
            return passed ? .notNil : .isNil
        }
        guard let expression = element.condition.as(ExprSyntax.self) else { return .unknown }
        var segment = [ExprSyntax(expression)]
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            // `a || b` establishes nothing about either; `a && b` establishes both when it passed.
            if operators.contains("||") || operators.contains("??") { return .unknown }
            if operators.contains("&&") {
                guard passed else { return .unknown }
                var parts: [[ExprSyntax]] = [[]]
                for item in elements {
                    if item.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" { parts.append([]) } else { parts[parts.count - 1].append(item) }
                }
                guard let part = parts.first(where: { $0.contains { read.isInside($0) } }) else { return .unknown }
                segment = part
            } else {
                segment = elements
            }
        }
        guard onlyCondition || passed else { return .unknown }
        return fact(of: segment, read: read, passed: passed)
    }

    /// `p`, `!p`, `p == L`, `L == p`, `p != L`, `p.contains(x)`, `!p.contains(x)`.
    private static func fact(of segment: [ExprSyntax], read: Syntax, passed: Bool) -> StateCondition {
        if segment.count == 1, var single = segment.first {
            var negated = false
            if let prefix = single.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                negated = true
                single = prefix.expression
            }
            let holds = passed != negated
            if single.id == read.id || isSlot(single, of: read) { return .equals(holds ? "true" : "false") }
            if let call = single.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               member.declName.baseName.text == "contains", let base = member.base, base.id == read.id {
                return holds ? .notNil : .isNil
            }
            return .unknown
        }
        guard segment.count == 3, let comparison = segment[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
              comparison == "==" || comparison == "!=" else { return .unknown }
        let other: ExprSyntax
        if segment[0].id == read.id || isSlot(segment[0], of: read) {
            other = segment[2]
        } else if segment[2].id == read.id || isSlot(segment[2], of: read) {
            other = segment[0]
        } else {
            return .unknown
        }
        let equal = (comparison == "==") == passed
        if other.is(NilLiteralExprSyntax.self) { return equal ? .isNil : .notNil }
        guard let literal = literal(other), equal else { return .unknown }
        return .equals(literal)
    }

    /// `p[k]`, `p?`, `p!` over the read `p`.
    private static func isSlot(_ expression: ExprSyntax, of read: Syntax) -> Bool {
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return subscriptCall.calledExpression.id == read.id }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return chained.expression.id == read.id }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return forced.expression.id == read.id }
        return false
    }

    /// A literal's text: `true`, `3`, `"idle"`, `.idle` (an enum case without payload).
    static func literal(_ expression: ExprSyntax) -> String? {
        if expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(StringLiteralExprSyntax.self) {
            return expression.trimmedText
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil { return member.trimmedText }
        return nil
    }

    /// Whether another write leaving `value` can make this established fact false.
    func isInvalidated(by value: StateWrite.Value) -> Bool {
        switch self {
        case .isNil: return value != .none
        case .notNil: return value == .none || value == .unknown
        case .equals(let literal): return value != .literal(literal)
        case .unknown: return true
        }
    }

    /// Whether a write leaving `value` clears what the check found: `nil` after finding
    /// something, `false` after finding `true`. If the state changed meanwhile, clearing it
    /// again leaves it cleared as well.
    func isCleared(by value: StateWrite.Value) -> Bool {
        switch self {
        case .notNil: return value == .none
        case .equals("true"): return value == .literal("false")
        default: return false
        }
    }
}
