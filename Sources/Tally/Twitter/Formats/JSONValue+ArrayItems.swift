extension JSONValue {
    /// The elements of an array; none for any other value (a field that comes and goes between
    /// server versions reads as empty).
    var arrayItems: [JSONValue] {
        array.map { Array($0) } ?? []
    }
}
