import CompositionalLayout

/// The steps a traced `GroupSolver` records (`layoutbench explain`): what it did to a group and to each item,
/// with the numbers, each citing its rule. Only called when `tracing` is on.
extension GroupSolver {
    /// §2 an item's slot and cell.
    func itemStep(_ item: LayoutItem, slot: Rect, cell: Rect) -> TraceStep {
        let insets = item.contentInsets
        var text = "the item is \(traceLayoutSize(item.layoutSize)), a slot of \(traceSize(slot.size))"
        let fractional = [item.layoutSize.widthDimension, item.layoutSize.heightDimension].contains {
            if case .fractionalWidth = $0 { return true }
            if case .fractionalHeight = $0 { return true }
            return false
        }
        if let scale = container.pixelScale, fractional {
            text += " (fractions snapped down to the 1/\(traceNumber(scale)) pt grid when resolved, §1.1)"
        }
        if insets == .zero {
            text += "; no contentInsets, so its cell is the slot"
        } else {
            text +=
                "; its cell is the slot less its contentInsets (top \(traceNumber(insets.top)), leading "
                + "\(traceNumber(insets.leading)), bottom \(traceNumber(insets.bottom)), trailing "
                + "\(traceNumber(insets.trailing))"
            if item.layoutSize.widthDimension.isEstimated || item.layoutSize.heightDimension.isEstimated {
                text += ", ignored along an estimated axis"
            }
            text += "): \(traceRect(cell)) within the slot"
        }
        return TraceStep("§2", text, leaves: 0..<1)
    }

    /// §3, §3.1–§3.2, §6 and §10.4: a group's box, how its subitems were taken, and its final size.
    func groupSteps(
        _ group: LayoutGroup, size: Size, finalSize: Size, placed: [Placement], noRoom: Bool,
        estimatedMain: Bool, estimatedCross: Bool
    ) -> [TraceStep] {
        guard let main = group.arrangement.mainAxis else { return [] }
        let all = 0..<placed.reduce(0) { $0 + $1.node.leaves.count }
        let insets = group.contentInsets
        let content = GroupRules.contentBox(size, insets: insets)
        let avail = content.length(main)
        let spacing = group.interItemSpacing?.value ?? 0
        let kind = main == .x ? "horizontal" : "vertical"
        var steps = [
            TraceStep(
                "§3",
                "a \(kind) group \(traceLayoutSize(group.layoutSize)) in a slot of "
                    + "\(traceSize(size)); its content box, the slot less its insets, is "
                    + "\(traceSize(content))", leaves: all)
        ]
        let axisName = main == .x ? "width" : "height"
        if noRoom {
            steps.append(
                TraceStep(
                    "§3.6", "no room: nothing fits in its \(traceNumber(avail)) pt \(axisName)",
                    leaves: all))
        } else {
            switch group.subitems {
            case .repeatingUntilFull:
                var text = "subitems repeat until full: \(placed.count) fit in its \(traceNumber(avail)) pt \(axisName)"
                if spacing > 0 { text += " with \(traceNumber(spacing)) pt between them" }
                if spacing > 0, placed.count >= 2, placed.contains(where: \.mainDependent) {
                    text +=
                        "; spacing restart: fractions resolved against \(traceNumber(avail)) − "
                        + "\(traceNumber(spacing)) × \(placed.count - 1) = "
                        + "\(traceNumber(avail - spacing * Double(placed.count - 1))) pt"
                }
                steps.append(TraceStep("§3.1", text, leaves: all))
            case .repeating(_, let count):
                steps.append(
                    TraceStep(
                        "§3.2",
                        "repeatingSubitem × \(count): each copy keeps its own size (no fit "
                            + "check; copies may overflow the group)", leaves: all))
            case .dividing(_, let count):
                let exact = (avail - spacing * Double(count - 1)) / Double(count)
                let share = GroupRules.equalShare(avail: avail, spacing: spacing, count: count, container: container)
                var text =
                    "subitem × \(count): each takes the equal share (\(traceNumber(avail)) − "
                    + "\(traceNumber(spacing)) × \(count - 1)) / \(count) = \(traceNumber(exact)) pt"
                if share != exact { text += ", snapped down to the pixel grid: \(traceNumber(share)) pt" }
                steps.append(TraceStep("§3.2", text, leaves: all))
            }
        }
        if placed.contains(where: { $0.item?.layoutSize.hasUniformDimension ?? false }) {
            steps.append(
                TraceStep(
                    "§10.4", "uniformAcrossSiblings: each run of items takes its largest known length",
                    leaves: all))
        }
        if estimatedMain || estimatedCross {
            steps.append(
                TraceStep(
                    "§6",
                    "the group is estimated, so it takes the length of what it holds: "
                        + "\(traceSize(finalSize))", leaves: all))
        }
        return steps
    }

    /// §3.3 and §3.4: where a placed child's slot starts along the group and across it.
    func placementSteps(
        index: Int, count: Int, ordinal: Int, of total: Int, main: Axis, mainOrigin: Double,
        crossOrigin: Double, spacing: Double
    ) -> [TraceStep] {
        let leaves = index..<(index + count)
        let along = main == .x ? "x" : "y", across = main == .x ? "y" : "x"
        var text = "subitem \(ordinal + 1) of \(total): its slot starts at \(along) \(traceNumber(mainOrigin))"
        text +=
            ordinal == 0
            ? " (after the group's leading inset and edge spacing)"
            : " (the cursor after the ones before it\(spacing > 0 ? " and \(traceNumber(spacing)) pt spacing" : ""))"
        return [
            TraceStep("§3.3", text, leaves: leaves),
            TraceStep(
                "§3.4", "across, alone in the group: at \(across) \(traceNumber(crossOrigin))",
                leaves: leaves),
        ]
    }
}
