// THROWAWAY: delete before handing back.
import Foundation
import Testing
import CompositionalLayout
import LayoutRender

@Test func zzPreview() throws {
    guard ProcessInfo.processInfo.environment["RENDER_PREVIEW"] != nil else { return }
    for name in ["app-store-home", "photo-library", "social-feed", "settings", "tag-cloud"] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/work/shared/specs/realistic/\(name).expected.json"))
        let output = try SolveOutput.decode(json: data)
        try SVGRenderer.write(SVGRenderer.render(output, options: RenderOptions()), to: "/tmp/render/\(name).svg")
        if name == "photo-library" {
            try SVGRenderer.write(SVGRenderer.render(output, options: RenderOptions(sections: 10...13)), to: "/tmp/render/\(name)-range.svg")
            try SVGRenderer.write(SVGRenderer.render(output, options: RenderOptions(elementLimit: 200)), to: "/tmp/render/\(name)-limit.svg")
        }
        if name == "app-store-home" {
            var h = output
            h.scrollDirection = .horizontal
            // transpose frames to fake a horizontal layout
            func t(_ r: Rect) -> Rect { Rect(x: r.y, y: r.x, width: r.height, height: r.width) }
            h.container = Size(width: output.container.height, height: output.container.width)
            h.contentSize = Size(width: output.contentSize.height, height: output.contentSize.width)
            h.elements = output.elements.map { var e = $0; e.frame = t(e.frame); return e }
            h.sections = output.sections.map { var s = $0; s.frame = t(s.frame); s.orthogonalContentSize = s.orthogonalContentSize.map { Size(width: $0.height, height: $0.width) }; return s }
            try SVGRenderer.write(SVGRenderer.render(h, options: RenderOptions(title: "app-store-home transposed")), to: "/tmp/render/\(name)-horizontal.svg")
            try SVGRenderer.write(SVGRenderer.render(output, options: RenderOptions(sections: 2...3)), to: "/tmp/render/\(name)-range.svg")
        }
    }
}
