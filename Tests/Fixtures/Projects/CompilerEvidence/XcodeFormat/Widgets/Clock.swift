import WidgetKit

struct Clock {}
