"""index"""
