import BenchResults
import Testing

/// Student's t against table values (computed with SciPy's `stats.t`, to 1e-6 relative).
@Suite("StudentT")
struct StudentTTests {
    @Test(
        "quantiles match the table, out to the far tails ab asks for at few degrees of freedom",
        arguments: [
            (5.0, 0.975, 2.5705818356363146), (1.0, 0.975, 12.706204736174694),
            (4.0, 0.9996527, 9.466623677485256), (13.0, 0.9996527, 4.417743834027939),
            (30.0, 0.995, 2.7499956535672254), (200.0, 0.9, 1.2857987939948012),
        ])
    func quantiles(_ df: Double, _ p: Double, _ expected: Double) {
        let value = StudentT.quantile(p, degreesOfFreedom: df)
        #expect(abs(value - expected) / expected < 1e-6, "df \(df) p \(p): \(value)")
        #expect(abs(StudentT.quantile(1 - p, degreesOfFreedom: df) + expected) / expected < 1e-6)
    }

    @Test("the distribution function matches the table and is symmetric")
    func distribution() {
        #expect(abs(StudentT.cdf(2.0, degreesOfFreedom: 3) - 0.9303370157205785) < 1e-9)
        #expect(abs(StudentT.cdf(-1.5, degreesOfFreedom: 7) - 0.088649243494985) < 1e-9)
        #expect(StudentT.cdf(0, degreesOfFreedom: 9) == 0.5)
        #expect(StudentT.cdf(.infinity, degreesOfFreedom: 9) == 1)
    }
}
