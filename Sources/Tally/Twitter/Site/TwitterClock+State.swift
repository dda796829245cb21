/// The clock as the states kept between builds write and read it (`TwitterState`, `TwitterSearchState`).
extension TwitterClock {
    func append(to out: inout StateBytes) {
        out.append(origin)
        out.append(seq)
        out.append(removals)
    }

    init?(reading reader: inout StateReader) {
        guard let origin = reader.text(), let seq = reader.integer(), let removals = reader.integer() else { return nil }
        self.init(origin: origin, seq: seq, removals: removals)
    }
}
