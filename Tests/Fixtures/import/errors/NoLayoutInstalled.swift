import UIKit

/// viewDidLoad is the only candidate, and it installs no compositional layout: refused at viewDidLoad.
final class EmptyViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }
}
