extension PostNetwork {
    /// The network's name as a small badge, as post cards show it (`network-badge`).
    var badge: HTMLFragment {
        .element("span", ["class": "network-badge network-\(rawValue)"], [.text(label)])
    }
}
