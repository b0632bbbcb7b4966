func core() {}
