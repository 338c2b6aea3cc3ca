import KMAGrid
import Testing
@testable import KMAForecastClient

@Suite("OrderedBatchScheduler: input order, a bounded window, shared cells")
struct OrderedBatchSchedulerTests {
    static func cell(_ index: Int) -> GridCell {
        // nx 1...149, ny 1...253: indexes below 37,697 are valid cells.
        guard let cell = try? GridCell(nx: index % 149 + 1, ny: index / 149 + 1) else { preconditionFailure("test cell") }
        return cell
    }

    static func finished(_ job: OrderedBatchScheduler.Job) -> OrderedBatchScheduler.Finished {
        OrderedBatchScheduler.Finished(id: job.id, runs: [.failure(ForecastClientError(.cancelled))])
    }

    @Test("Results finishing in any order are handed over in input order, with at most `window` held")
    func boundedWindow() {
        let cells = (0..<1_000).map(Self.cell)
        var scheduler = OrderedBatchScheduler(cells: cells, window: 16)
        var delivered: [Int] = []
        var peakHeld = 0
        while !scheduler.isDone {
            scheduler.scan()
            var launched: [OrderedBatchScheduler.Job] = []
            while let job = scheduler.nextToLaunch() { launched.append(job) }
            // The latest launched finish first: the worst order for a reorder buffer.
            for job in launched.reversed() {
                scheduler.finish(Self.finished(job))
                peakHeld = max(peakHeld, scheduler.heldResults)
            }
            while let ready = scheduler.deliverable() { delivered.append(ready.index) }
            #expect(scheduler.scanned - scheduler.next <= 16)
        }
        #expect(delivered == Array(0..<1_000))
        #expect(peakHeld <= 16)
        #expect(scheduler.started == 1_000)
    }

    @Test("Inputs sharing a cell within the window share one fetch; a cell that comes back beyond it is fetched again")
    func sharedCells() {
        let a = Self.cell(0), b = Self.cell(1)
        // a at 0, 1, 3 (within a window of 4) share; a at 9 is beyond and gets its own fetch.
        let cells = [a, a, b, a] + (2..<7).map(Self.cell) + [a]
        var scheduler = OrderedBatchScheduler(cells: cells, window: 4)
        var fetchedCells: [GridCell] = []
        var delivered: [Int] = []
        while !scheduler.isDone {
            scheduler.scan()
            while let job = scheduler.nextToLaunch() {
                fetchedCells.append(job.cell)
                scheduler.finish(Self.finished(job))
            }
            while let ready = scheduler.deliverable() { delivered.append(ready.index) }
        }
        #expect(delivered == Array(cells.indices))
        #expect(fetchedCells == [a, b] + (2..<7).map(Self.cell) + [a])
        #expect(scheduler.heldResults == 0)
    }

    @Test("Launches that always trail the scan by one do not keep every job ever made")
    func launchQueueStaysBounded() {
        let cells = (0..<10_000).map(Self.cell)
        var scheduler = OrderedBatchScheduler(cells: cells, window: 10_000)
        scheduler.scan()
        // Launched one at a time while 10,000 are queued: the queue is never empty until the end.
        while let job = scheduler.nextToLaunch() {
            scheduler.finish(Self.finished(job))
            if scheduler.started == 5_000 { #expect(scheduler.queueStorage <= 5_000) }
        }
        #expect(scheduler.started == 10_000)
    }
}
