import Testing

@Test func coreModuleBuilds() {}
