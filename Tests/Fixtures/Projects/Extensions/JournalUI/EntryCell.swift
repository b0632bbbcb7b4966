import UIKit

public final class EntryCell: UITableViewCell {}
