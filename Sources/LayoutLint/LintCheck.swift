/// The checks `layoutbench lint` runs: each a trap of compositional layout that UIKit meets silently or with
/// a run-time log line on one device. Codes are stable (tools and suppressions key on them); the list with
/// examples is docs/lint.md.
public enum LintCheck: String, CaseIterable, Hashable, Sendable, Codable {
    case countSplitOverridesSize = "LB101"
    case repeatingSubitemsOverflow = "LB102"
    case insetsAlongEstimatedAxis = "LB103"
    case edgeSpacingInEqualSplit = "LB104"
    case fractionOfEstimate = "LB105"
    case pagingGroupSize = "LB106"
    case groupPagingWiderThanContainer = "LB107"
    case noRoomAtWidth = "LB108"
    case overflowsContainerAtWidth = "LB109"
    case estimatedAlongOrthogonalScroll = "LB110"
    case listHeaderNeedsItems = "LB111"
    case flexibleRootEdgeSpacingIgnored = "LB112"

    /// The stable code, `LB101`.
    public var code: String { rawValue }

    /// A name for SARIF's `rule.name` and the docs: UpperCamelCase, what the trap is.
    public var name: String {
        switch self {
        case .countSplitOverridesSize: return "EqualSplitOverridesItemSize"
        case .repeatingSubitemsOverflow: return "RepeatedSubitemsOverflowGroup"
        case .insetsAlongEstimatedAxis: return "InsetsIgnoredAlongEstimatedAxis"
        case .edgeSpacingInEqualSplit: return "EdgeSpacingPushesEqualSplitOut"
        case .fractionOfEstimate: return "FractionOfAnEstimate"
        case .pagingGroupSize: return "PagingByContainerNotGroup"
        case .groupPagingWiderThanContainer: return "GroupPagingGroupWiderThanContainer"
        case .noRoomAtWidth: return "NoRoomAtDeviceWidth"
        case .overflowsContainerAtWidth: return "OverflowAtDeviceWidth"
        case .estimatedAlongOrthogonalScroll: return "EstimatedAlongOrthogonalScroll"
        case .listHeaderNeedsItems: return "ListHeaderRowWithoutItems"
        case .flexibleRootEdgeSpacingIgnored: return "FlexibleRootEdgeSpacingIgnored"
        }
    }

    /// One line: what the trap is.
    public var summary: String {
        switch self {
        case .countSplitOverridesSize:
            return "`subitem` + `count` shares the group equally and ignores the item's own main-axis size"
        case .repeatingSubitemsOverflow:
            return "`repeatingSubitem` + `count` keeps each item's size, so the items overflow their group"
        case .insetsAlongEstimatedAxis: return "an item's content insets along an estimated axis are ignored"
        case .edgeSpacingInEqualSplit:
            return "edge spacing in a `subitem` + `count` group pushes the equal shares out of the group"
        case .fractionOfEstimate:
            return "a fraction of a group's estimated length is a fraction of the estimate, not of the final length"
        case .pagingGroupSize: return "`paging` pages by the container's length, not by the group's"
        case .groupPagingWiderThanContainer: return "`groupPaging` with groups longer than the container"
        case .noRoomAtWidth: return "a group has no room at a common device width: the section shows nothing"
        case .overflowsContainerAtWidth: return "cells run past the container at a common device width"
        case .estimatedAlongOrthogonalScroll:
            return "estimated lengths along the axis a sideways section scrolls (sized once, then never again)"
        case .listHeaderNeedsItems: return "a list's header row (`firstItemInSection`) needs an item the section lacks"
        case .flexibleRootEdgeSpacingIgnored:
            return "flexible edge spacing of a root group along the section axis counts as 0"
        }
    }

    /// The rule of docs/layout-rules.md (or docs/version-2.md) that says what happens.
    public var rule: String {
        switch self {
        case .countSplitOverridesSize, .repeatingSubitemsOverflow, .edgeSpacingInEqualSplit: return "§3.2"
        case .insetsAlongEstimatedAxis: return "§2"
        case .fractionOfEstimate, .estimatedAlongOrthogonalScroll: return "§6"
        case .pagingGroupSize, .groupPagingWiderThanContainer: return "§4.8"
        case .noRoomAtWidth: return "§3.6"
        case .overflowsContainerAtWidth: return "§3.3"
        case .listHeaderNeedsItems: return "§7"
        case .flexibleRootEdgeSpacingIgnored: return "§4.1"
        }
    }

    /// How bad it is when it fires: an error is a layout that shows nothing where it should.
    public var severity: LintSeverity {
        switch self {
        case .noRoomAtWidth, .listHeaderNeedsItems: return .error
        default: return .warning
        }
    }
}

/// How bad a finding is. Errors fail `lint` on their own; warnings only under `--strict`.
public enum LintSeverity: String, Hashable, Sendable, Codable, Comparable {
    case warning, error

    public static func < (a: LintSeverity, b: LintSeverity) -> Bool { a == .warning && b == .error }
}
