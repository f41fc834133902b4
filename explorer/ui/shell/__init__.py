"""The window itself: main window, menus, toolbar, navigation, dock layout, About."""
