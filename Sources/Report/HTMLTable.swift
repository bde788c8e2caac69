/// A plain table of text cells (escaped here), wrapped so it scrolls sideways on a phone instead of
/// widening the page. `collapsed` puts it in a `<details>` element under the given summary.
public enum HTMLTable {
    public static func render(header: [String], rows: [[String]], collapsed: String? = nil) -> String {
        var html = "<div class=\"scroll\"><table><thead><tr>"
        html += header.map { "<th>\(HTMLText.escape($0))</th>" }.joined()
        html += "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>" + row.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        html += "</tbody></table></div>"
        if let collapsed { return "<details><summary>\(HTMLText.escape(collapsed))</summary>\(html)</details>" }
        return html
    }

    /// Two columns, name and count, with each count's share of the total.
    public static func counts(_ entries: [NamedCount], nameHeader: String, collapsed: String? = "Numbers") -> String {
        let total = entries.reduce(0) { $0 + $1.count }
        return render(header: [nameHeader, "count", "share"],
                      rows: entries.map { [$0.name, NumberText.grouped($0.count), NumberText.percent($0.count, of: total)] },
                      collapsed: collapsed)
    }
}
