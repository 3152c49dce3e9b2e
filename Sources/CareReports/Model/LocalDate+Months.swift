extension LocalDate {
    /// The same day `count` calendar months later (the month's last day when it is shorter): 31 Jan + 1 = 28 Feb.
    public func adding(months count: Int) -> LocalDate {
        let index = year * 12 + (month - 1) + count
        let (newYear, newMonth) = (index / 12, index % 12 + 1)
        return LocalDate(year: newYear, month: newMonth, day: min(day, LocalDate.daysIn(month: newMonth, year: newYear))) ?? self
    }
}
