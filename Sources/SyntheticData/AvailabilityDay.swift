/// Day names as `preferences.jsonl` spells them (Monday first).
enum AvailabilityDay {
    static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
}
